import { fetchCustomer, searchCustomers } from "../../api/customers";
import { fetchCustomerSales } from "../../api/sale-returns";

/**
 * Reads of the company's customers (admin's Clientes, the seller's picker and returns). Customer data
 * is never kept in this browser's storage (no schema), only in the query cache while the app is open.
 */
export const customerQueries = {
  search: (area: "admin" | "seller", q: string) => ({
    area,
    name: `customers:${q}`,
    load: (signal: AbortSignal) => searchCustomers(q, signal),
  }),
  /** One customer with their purchases and returns. */
  history: (customerId: number) => ({
    area: "admin" as const,
    name: `customer:${customerId}`,
    load: (signal: AbortSignal) => fetchCustomer(customerId, signal),
  }),
  /** The customer's sales at the seller's store (returns start from one). */
  sales: (customerId: number) => ({
    area: "seller" as const,
    name: `customer-sales:${customerId}`,
    load: (signal: AbortSignal) => fetchCustomerSales(customerId, signal),
  }),
};
