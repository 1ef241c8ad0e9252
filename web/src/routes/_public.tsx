import { createFileRoute, Outlet } from "@tanstack/react-router";
import { Footer } from "../features/store/Footer";
import { TopNav } from "../features/store/TopNav";

/** Layout of the public storefront pages: shared navigation and footer. */
export const Route = createFileRoute("/_public")({
  // Not split off (like the storefront and the login): the first page shows it at once.
  codeSplitGroupings: [],
  component: PublicLayout,
});

function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <TopNav />
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
