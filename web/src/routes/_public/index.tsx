import { createFileRoute, redirect } from "@tanstack/react-router";
import { FeaturedProducts } from "../../features/store/FeaturedProducts";
import { Hero } from "../../features/store/Hero";
import { NewsletterBox } from "../../features/store/NewsletterBox";
import { WhyChooseUs } from "../../features/store/WhyChooseUs";
import { homeFor } from "../../lib/roles";

export const Route = createFileRoute("/_public/")({
  // Signed-in users land on their role's panel; everyone else sees the storefront (design §5).
  beforeLoad: ({ context }) => {
    const user = context.auth.user();
    if (user) throw redirect({ to: homeFor(user.role), replace: true });
  },
  component: LandingPage,
});

function LandingPage() {
  return (
    <>
      <Hero />
      <FeaturedProducts />
      <WhyChooseUs />
      <NewsletterBox />
    </>
  );
}
