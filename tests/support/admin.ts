import { createStaff, setPasswordWithToken } from "../../server/services/staff.server";
import type { StaffRole } from "@contracts/staff-access";
import type { Endpoint } from "../../server/api/endpoint.server";
import { forThisFile } from "./for-this-file";
import { apiUrl, readAnswer, type ApiAnswer, type ApiData, type ApiQuery } from "./api-answers";
import { startTestServer, type TestServer } from "./api-server";
import * as adminStaffApi from "../../server/api/endpoints/admin-staff.server";

export const STAFF_TEST_PASSWORD = "a long test password";

export interface StaffClient {
  id: number;
  email: string;
  cookie: string;
  csrf: string;
  /** POST to `endpoint` as this staff member, with the session cookie and CSRF token; a path gives untyped data. */
  post<E extends Endpoint>(endpoint: E, body?: Record<string, unknown>, headers?: Record<string, string>): Promise<ApiAnswer<ApiData<E>>>;
  post(path: string, body?: Record<string, unknown>, headers?: Record<string, string>): Promise<ApiAnswer<unknown>>;
  /** GET `endpoint` as this staff member; a path gives untyped data. */
  get<E extends Endpoint>(endpoint: E, query?: ApiQuery): Promise<ApiAnswer<ApiData<E>>>;
  get(path: string, query?: ApiQuery): Promise<ApiAnswer<unknown>>;
}

let seq = 0;
/** Each sign-in comes from its own address, so the sign-in limits never stop a test's set-up. */
const nextAddress = () => `10.77.${(++seq >> 8) & 255}.${seq & 255}`;

/** An account of `role` with a password, created in the server's database. */
export async function createStaffAccount(
  server: TestServer,
  role: StaffRole,
  email = `${role}-${Date.now()}-${++seq}@example.com`,
): Promise<{ id: number; email: string }> {
  const { id, token } = await createStaff(server.database.db, { email, role });
  await setPasswordWithToken(server.database.db, token, STAFF_TEST_PASSWORD);
  return { id, email };
}

/** Signs in over HTTP like the sign-in page does and returns a client for that session. */
export async function signInAs(server: TestServer, role: StaffRole, account?: { id: number; email: string }): Promise<StaffClient> {
  const { id, email } = account ?? (await createStaffAccount(server, role));
  const res = await fetch(apiUrl(server.baseUrl, adminStaffApi.staffSignIn), {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
    body: JSON.stringify({ email, password: STAFF_TEST_PASSWORD }),
  });
  const { body } = await readAnswer(res, adminStaffApi.staffSignIn);
  if (body.code !== 0) throw new Error(`sign-in as ${email} failed: ${JSON.stringify(body)}`);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  const csrf = body.data.csrf_token;
  // One implementation behind both overloads: the endpoint only types the answer.
  const call = async (url: string, init: RequestInit): Promise<ApiAnswer<never>> => readAnswer(await fetch(url, init)) as Promise<ApiAnswer<never>>;
  return {
    id,
    email,
    cookie,
    csrf,
    post: (target: Endpoint | string, payload: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      call(apiUrl(server.baseUrl, target), {
        method: "POST",
        headers: { "content-type": "application/json", cookie, "x-csrf-token": csrf, ...headers },
        body: JSON.stringify(payload),
      }),
    get: (target: Endpoint | string, query: ApiQuery = "") => call(apiUrl(server.baseUrl, target, query), { headers: { cookie } }),
  };
}

export interface StaffTestServer {
  server: TestServer;
  support: StaffClient;
  admin: StaffClient;
  editor: StaffClient;
}

/** A test server with a support, an admin and an editor session, for the staff API tests. */
export async function startStaffTestServer(): Promise<StaffTestServer> {
  const server = await startTestServer();
  const [support, admin, editor] = await Promise.all([signInAs(server, "support"), signInAs(server, "admin"), signInAs(server, "editor")]);
  return { server, support, admin, editor };
}

/** The test file's staff test server: started before its tests (`set` receives it), closed after them. */
export function serveStaffForFile(set: (started: StaffTestServer) => void): void {
  forThisFile(startStaffTestServer, (started) => started.server.close(), set);
}
