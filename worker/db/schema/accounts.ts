// A company's locations and people, and failed logins.
import { relations, sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ROLES } from "../../../shared/constants";
import { bool, createdAt, id, updatedAt } from "./columns";
import { companies, companyRow } from "./platform";

export const locations = sqliteTable(
  "locations",
  {
    ...companyRow(),
    name: text("name").notNull(),
    type: text("type", { enum: ["local", "bodega"] })
      .notNull()
      .default("local"),
    address: text("address"),
    phone: text("phone"),
    managerName: text("manager_name"),
    capacity: integer("capacity"),
    notes: text("notes"),
    isActive: bool("is_active").notNull().default(true),
    latitude: real("latitude"),
    longitude: real("longitude"),
    /** a store's opening hours as the storefront shows them: "Lun–Sáb 9:00–19:00 · Dom 10:00–17:00" */
    openingHours: text("opening_hours"),
    /** a Colombian mobile's 10 digits ("3001234567"); the SPA formats it and builds the wa.me link */
    whatsapp: text("whatsapp"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("locations_company_idx").on(t.companyId, t.isActive),
    check("locations_capacity_ck", sql`${t.capacity} IS NULL OR ${t.capacity} >= 0`),
  ],
);

export const users = sqliteTable(
  "users",
  {
    id: id(),
    // null only for superusers (enforced by the CHECK below)
    companyId: integer("company_id").references(() => companies.id),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    locationId: integer("location_id").references(() => locations.id),
    isActive: bool("is_active").notNull().default(true),
    /** an administrador's price-override PIN (PBKDF2 like passwords); null until they set one */
    pinHash: text("pin_hash"),
    /**
     * Tokens carry it and must match it: raised by a trigger (migration 0019) whenever the password, the
     * active flag or the role changes, so every session of the account ends at once.
     */
    sessionEpoch: integer("session_epoch").notNull().default(0),
    lastLoginAt: text("last_login_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("users_company_idx").on(t.companyId, t.role),
    check(
      "users_tenant_ck",
      sql`(${t.role} = 'superuser' AND ${t.companyId} IS NULL) OR (${t.role} <> 'superuser' AND ${t.companyId} IS NOT NULL)`,
    ),
  ],
);

/** Failed-login counter per e-mail for the login rate limit. */
export const loginAttempts = sqliteTable("login_attempts", {
  email: text("email").primaryKey(),
  failures: integer("failures").notNull().default(0),
  /** attempts whose password is being checked right now (each holds one of the MAX_FAILURES slots) */
  inflight: integer("inflight").notNull().default(0),
  /** the token of the last attempt given a slot (so the attempt knows it got it) */
  lastGrant: text("last_grant"),
  windowStart: text("window_start").notNull(),
  lockedUntil: text("locked_until"),
});

export const usersRelations = relations(users, ({ one }) => ({
  company: one(companies, { fields: [users.companyId], references: [companies.id] }),
  location: one(locations, { fields: [users.locationId], references: [locations.id] }),
}));

export const locationsRelations = relations(locations, ({ one }) => ({
  company: one(companies, { fields: [locations.companyId], references: [companies.id] }),
}));
