import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { queryClient } from "../../web/src/lib/query/client";
import { signOutAtom } from "../../web/src/lib/session";
import { appStore } from "../../web/src/lib/store";

afterEach(() => {
  cleanup();
  queryClient.clear();
  appStore.set(signOutAtom);
  localStorage.clear();
  sessionStorage.clear();
});
