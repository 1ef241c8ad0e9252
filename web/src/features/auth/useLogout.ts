import { useNavigate } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { useCallback } from "react";
import { signOutAtom } from "../../lib/session";

/** Logout clears the stored user and goes to "/" (spec 1 §2). */
export function useLogout() {
  const signOut = useSetAtom(signOutAtom);
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    void navigate({ to: "/" });
  }, [signOut, navigate]);
}
