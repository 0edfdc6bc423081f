import { createStaff, setPasswordWithToken } from "../../server/services/staff.server";
import type { StaffRole } from "@contracts/staff-access";
import type { TestServer } from "./api-server";

export const STAFF_TEST_PASSWORD = "a long test password";

export interface StaffClient {
  id: number;
  email: string;
  cookie: string;
  csrf: string;
  /** POST /api{path} as this staff member, with the session cookie and CSRF token. */
  post(path: string, body?: Record<string, unknown>, headers?: Record<string, string>): Promise<{ status: number; body: { code: number; msg: string; data: any } }>;
  /** GET /api{path} as this staff member. */
  get(path: string, query?: Record<string, string>): Promise<{ status: number; body: { code: number; msg: string; data: any } }>;
}

let seq = 0;
/** Each sign-in comes from its own address, so the sign-in limits never stop a test's set-up. */
const nextAddress = () => `10.77.${(++seq >> 8) & 255}.${seq & 255}`;

/** An account of `role` with a password, created in the server's database. */
export async function createStaffAccount(server: TestServer, role: StaffRole, email = `${role}-${Date.now()}-${++seq}@example.com`): Promise<{ id: number; email: string }> {
  const { id, token } = await createStaff(server.database.db, { email, role });
  await setPasswordWithToken(server.database.db, token, STAFF_TEST_PASSWORD);
  return { id, email };
}

/** Signs in over HTTP like the sign-in page does and returns a client for that session. */
export async function signInAs(server: TestServer, role: StaffRole, account?: { id: number; email: string }): Promise<StaffClient> {
  const { id, email } = account ?? (await createStaffAccount(server, role));
  const res = await fetch(`${server.baseUrl}/api/admin/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
    body: JSON.stringify({ email, password: STAFF_TEST_PASSWORD }),
  });
  const body = (await res.json()) as { code: number; data: { csrf_token: string } };
  if (body.code !== 0) throw new Error(`sign-in as ${email} failed: ${JSON.stringify(body)}`);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  const csrf = body.data.csrf_token;
  const call = async (url: string, init: RequestInit) => {
    const r = await fetch(url, init);
    return { status: r.status, body: (await r.json()) as { code: number; msg: string; data: any } };
  };
  return {
    id,
    email,
    cookie,
    csrf,
    post: (path, payload = {}, headers = {}) =>
      call(`${server.baseUrl}/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, "x-csrf-token": csrf, ...headers },
        body: JSON.stringify(payload),
      }),
    get: (path, query = {}) => call(`${server.baseUrl}/api${path}?${new URLSearchParams(query)}`, { headers: { cookie } }),
  };
}
