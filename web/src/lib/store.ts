import { createStore } from "jotai";

/** The app's single jotai store; the API client reads the session token from it outside React. */
export const appStore = createStore();
