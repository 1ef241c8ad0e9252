import { sign, verify } from "hono/jwt";
import type { Role } from "../db/schema";

export interface TokenClaims {
  sub: number;
  role: Role;
  cid: number | null;
  /** the account's session epoch when issued: a token whose epoch is not the account's is over */
  sv: number;
  iat: number;
  exp: number;
}

const ALG = "HS256";

export async function issueToken(
  secret: string,
  user: { id: number; role: Role; companyId: number | null; sessionEpoch: number },
  ttlSeconds: number,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  const claims: TokenClaims = {
    sub: user.id,
    role: user.role,
    cid: user.companyId,
    sv: user.sessionEpoch,
    iat: nowSeconds,
    exp: nowSeconds + ttlSeconds,
  };
  return sign({ ...claims }, secret, ALG);
}

/** Returns the claims, or null for a token that is malformed, forged or expired. */
export async function readToken(secret: string, token: string): Promise<TokenClaims | null> {
  try {
    const payload = await verify(token, secret, ALG);
    if (typeof payload.sub !== "number" || typeof payload.exp !== "number") return null;
    return payload as unknown as TokenClaims;
  } catch {
    return null;
  }
}
