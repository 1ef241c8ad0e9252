import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { UpdatePrompt } from "../../web/src/lib/pwa/UpdatePrompt";
import { render } from "./helpers";
import { pwaState } from "./stubs/pwa-register";

afterEach(() => {
  pwaState.needRefresh = false;
  pwaState.updateServiceWorker.mockClear();
});

describe("a new build of the app", () => {
  it("says nothing while the installed build is the latest", () => {
    render(<UpdatePrompt />);
    expect(screen.queryByText("Nueva versión disponible")).toBeNull();
  });

  it("is offered, never forced: 'Actualizar' switches to it, 'Más tarde' keeps working", () => {
    pwaState.needRefresh = true;
    render(<UpdatePrompt />);
    expect(screen.getByRole("status").textContent).toContain("Nueva versión disponible");
    expect(pwaState.updateServiceWorker).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Actualizar" }));
    expect(pwaState.updateServiceWorker).toHaveBeenCalledWith(true);
    fireEvent.click(screen.getByRole("button", { name: "Más tarde" }));
    expect(screen.queryByText("Nueva versión disponible")).toBeNull();
  });
});
