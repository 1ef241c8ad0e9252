import { describe, expect, it } from "vitest";
import { api } from "../support/helpers";

describe("health routes", () => {
  it("answers /health and /api/v1/ping without a token", async () => {
    expect((await api("/health")).status).toBe(200);
    const ping = await api("/api/v1/ping");
    expect(ping.status).toBe(200);
    expect(await ping.json()).toEqual({ pong: true });
  });
});
