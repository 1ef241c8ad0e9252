import { createFileRoute } from "@tanstack/react-router";
import { useDeferredValue } from "react";
import { FeaturedProducts } from "../../features/store/FeaturedProducts";
import { Hero } from "../../features/store/Hero";
import { NewsletterBox } from "../../features/store/NewsletterBox";
import { WhyChooseUs } from "../../features/store/WhyChooseUs";
import { redirectSignedIn } from "../../lib/guards";

export const Route = createFileRoute("/_public/")({
  // Not split off: the storefront is the first page most visitors open, and its own chunk could only be
  // requested after the entry script ran (one more round trip before the hero paints).
  codeSplitGroupings: [],
  // Everyone else sees the storefront (design §5).
  beforeLoad: redirectSignedIn,
  component: LandingPage,
});

function LandingPage() {
  // The sections below the first screen come in a second pass, a transition React renders in short
  // slices; the featured products' skeleton keeps its room meanwhile, so nothing on screen moves.
  const rest = useDeferredValue(true, false);
  return (
    <>
      <Hero />
      <FeaturedProducts />
      {rest && (
        <>
          <WhyChooseUs />
          <NewsletterBox />
        </>
      )}
    </>
  );
}
