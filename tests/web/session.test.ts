import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import {
  readStoredSession,
  refreshSessionUserAtom,
  SESSION_KEY,
  type SessionUser,
  sessionAtom,
  signInAtom,
  signOutAtom,
  toSessionDetails,
} from "../../web/src/lib/session";

const user: SessionUser = {
  id: 7,
  name: "Valentina Ruiz",
  email: "vendedor@demo.horma.co",
  role: "seller",
  token: "tok-123",
  token_type: "bearer",
  location_id: 3,
  company_name: "Demo",
  location_name: "Centro",
};

describe("session storage", () => {
  it("'Recordarme' keeps the session in localStorage", () => {
    const store = createStore();
    store.set(signInAtom, { user, remember: true });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? "null")).toEqual(user);
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
    expect(readStoredSession()).toEqual({ user, remember: true });
  });

  it("without 'Recordarme' it lives in sessionStorage only", () => {
    const store = createStore();
    store.set(signInAtom, { user, remember: false });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? "null")).toEqual(user);
    expect(readStoredSession()).toEqual({ user, remember: false });
  });

  it("sign-out clears both storages and the atom", () => {
    const store = createStore();
    store.set(signInAtom, { user, remember: true });
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(user));
    store.set(signOutAtom);
    expect(store.get(sessionAtom)).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it("ignores a stored session that is not valid JSON or lacks a token", () => {
    localStorage.setItem(SESSION_KEY, "{no es json");
    expect(readStoredSession()).toBeNull();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ ...user, token: "" }));
    expect(readStoredSession()).toBeNull();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ ...user, role: "pirata" }));
    expect(readStoredSession()).toBeNull();
  });

  it("refreshing the user keeps token and storage choice", () => {
    const store = createStore();
    store.set(signInAtom, { user, remember: false });
    store.set(refreshSessionUserAtom, { ...toSessionDetails({ ...user, role: "admin" }) });
    expect(store.get(sessionAtom)).toEqual({ ...user, role: "administrador" });
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? "null").role).toBe("administrador");
  });
});

describe("toSessionDetails", () => {
  it("normalises the role and joins first and last name when no name is sent", () => {
    expect(
      toSessionDetails({
        id: 1,
        first_name: "Ana",
        last_name: "Pérez",
        email: "ana@x.co",
        role: "superadmin",
        location_id: null,
      }),
    ).toEqual({
      id: 1,
      name: "Ana Pérez",
      email: "ana@x.co",
      role: "superuser",
      location_id: null,
      company_name: null,
      location_name: null,
    });
  });
});
