import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { signOutAtom } from "../../web/src/lib/session";
import { appStore } from "../../web/src/lib/store";

afterEach(() => {
  cleanup();
  appStore.set(signOutAtom);
  localStorage.clear();
  sessionStorage.clear();
});
