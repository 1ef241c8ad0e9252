import { Link } from "@tanstack/react-router";
import { CATEGORIES, type Category } from "../../api/schemas";
import { CATEGORY_LABEL } from "./categories";

const chipClass = "shrink-0 rounded-full border px-4 py-1.5 text-sm font-medium transition-colors";
const idleClass = "border-stone-300 bg-white text-stone-700 hover:border-stone-400";
const activeClass = "border-stone-900 bg-stone-900 text-white";

export function CategoryChips({ current }: { current: Category | undefined }) {
  return (
    <nav aria-label="Categorías" className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-2 pb-1">
        <li>
          <Link
            to="/products"
            search={{}}
            aria-current={current === undefined ? "page" : undefined}
            className={`${chipClass} ${current === undefined ? activeClass : idleClass} block`}
          >
            Todos
          </Link>
        </li>
        {CATEGORIES.map((category) => (
          <li key={category}>
            <Link
              to="/products"
              search={{ category }}
              aria-current={current === category ? "page" : undefined}
              className={`${chipClass} ${current === category ? activeClass : idleClass} block`}
            >
              {CATEGORY_LABEL[category]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
