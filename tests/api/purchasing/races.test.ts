// Races of the purchasing routes: the generated cases of this folder's race-routes.ts (ten requests at once,
// with one Idempotency-Key and without). What the race suites check, and how: tests/api/support/race-cases.ts.
import { beforeAll, vi } from "vitest";
import { describeRaces } from "../support/race-cases";
import { raceData } from "../support/race-fixtures";
import { RACE_ROUTES } from "./race-routes";

vi.setConfig({ testTimeout: 60_000 });

beforeAll(raceData);

describeRaces(RACE_ROUTES);
