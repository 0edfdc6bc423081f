/**
 * The staff area's forms without scripts (issue 29): each posts to its page's action, so setting
 * a password, signing in (to where `next` says) and saving a draft work before and without
 * JavaScript; a refused form comes back with what was typed (never a password) and the error
 * beside its field. What was saved is read back through the API.
 */
import { BASE, expect, test } from "./fixtures";
import { newAdmin, setPassword, signIn, STAFF_PASSWORD as PASSWORD } from "./staff";

// A refused form comes back with the refusal's status (400, 401, 409), which the browser logs.
test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 4\d\d/] });

test("without scripts a new admin sets a password and signs in; refusals keep the address and show each error by its field", async ({ page }) => {
  const email = `nojs-${Date.now().toString(36)}@example.com`;
  await page.goto(newAdmin(email));
  await expect(page.getByText(email)).toBeVisible();

  // Two different passwords: refused by the page's action, the error beside the repeat field.
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByLabel("Repeat the password").fill(`${PASSWORD}!`);
  await page.getByRole("button", { name: "Set password" }).click();
  const repeat = page.getByLabel("Repeat the password");
  await expect(repeat).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("The two passwords are not the same.")).toBeVisible();
  // A password is never sent back to the page.
  await expect(page.getByLabel("New password")).toHaveValue("");
  await page.getByLabel("New password").fill(PASSWORD);
  await repeat.fill(PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Your password is set")).toBeVisible();

  // An empty address: the error beside it.
  await page.goto("/admin/sign-in?next=%2Fadmin%2Faccount");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");

  // A wrong password: refused, the address kept, the password asked for again.
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill("not the password at all");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The email address or password is not correct." })).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue(email);
  await expect(page.getByLabel("Password")).toHaveValue("");
  expect((await page.context().cookies()).some((c) => c.name.includes("staff"))).toBe(false);

  // The right one: signed in (the session cookie set), and on the page `next` named.
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My account");

  // `next` elsewhere than the staff area is not followed.
  await signIn(page, email, "https://evil.example/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Hello");

  // Change the password with the wrong current one: the error beside that field.
  await page.goto("/admin/account");
  await page.getByLabel("Current password").fill("not the password at all");
  await page.getByLabel("New password", { exact: true }).fill(`${PASSWORD} too`);
  await page.getByLabel("Repeat the new password").fill(`${PASSWORD} too`);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("The current password is not correct.")).toBeVisible();

  // Sign out, from the shell: back to sign-in, and the staff pages ask for it again.
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await page.goto("/admin/account");
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=/);
});

test("without scripts an admin saves a draft in the content editor; a stale save is refused and keeps the text typed", async ({ page, context }) => {
  const stamp = Date.now().toString(36);
  const email = `nojs-editor-${stamp}@example.com`;
  await setPassword(page, newAdmin(email));
  await signIn(page, email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Hello");

  const path = `articles/en/blog/nojs-${stamp}.md`;
  const editorUrl = `/admin/content/edit?path=${encodeURIComponent(path)}`;
  await page.goto(editorUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(path);
  const title = `Saved without scripts ${stamp}`;
  const source = page.getByLabel("Document");
  const template = await source.inputValue();
  await source.fill(template.replace('title: ""', `title: "${title}"`));
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Revision 1")).toBeVisible();

  // In the database: the API reads the draft back.
  const read = async () =>
    (await (await page.request.get(`/api/admin/content/document?lang=en&path=${encodeURIComponent(path)}`)).json()).data as {
      source: string;
      revision: number;
    };
  expect(await read()).toMatchObject({ revision: 1, source: expect.stringContaining(title) });

  // A second tab opened at revision 1; the first saves revision 2 meanwhile.
  const other = await context.newPage();
  await other.goto(editorUrl);
  await source.fill((await source.inputValue()).replace(title, `${title} (second)`));
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Revision 2")).toBeVisible();

  // The second tab's save is refused (someone saved after it opened): its text is kept, nothing is lost.
  const stale = `${title} (from the stale tab)`;
  const otherSource = other.getByLabel("Document");
  await otherSource.fill((await otherSource.inputValue()).replace(title, stale));
  await other.getByRole("button", { name: "Save draft" }).click();
  await expect(other.getByText("Someone saved this document after you opened it.")).toBeVisible();
  await expect(other.getByLabel("Document")).toHaveValue(new RegExp(stale.replace(/[()]/g, "\\$&")));
  expect(await read()).toMatchObject({ revision: 2, source: expect.stringContaining(`${title} (second)`) });
});

test("without scripts an admin invites staff, turns the second factor on (a wrong code keeps the key), marks a booking solved and hides a comment", async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const email = `nojs-admin-${stamp}@example.com`;
  await setPassword(page, newAdmin(email));
  await signIn(page, email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Hello");

  // An invitation: the link is shown; the same address again is refused beside the field, what was typed kept.
  const invitee = `nojs-invitee-${stamp}@example.com`;
  await page.goto("/admin/staff");
  await page.getByLabel("Email address").fill(invitee);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: "Support" });
  await page.getByRole("button", { name: "Create invitation" }).click();
  await expect(page.getByLabel("One-time link")).toHaveValue(/set-password\?token=/);
  await page.getByLabel("Email address").fill(invitee);
  await page.getByLabel("Name", { exact: true }).fill("Twice Invited");
  await page.getByRole("button", { name: "Create invitation" }).click();
  await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Email address")).toHaveValue(invitee);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Twice Invited");
  const staff = (await (await page.request.get("/api/admin/staff?lang=en")).json()).data.list as { email: string; role: string }[];
  expect(staff.find((m) => m.email === invitee)?.role).toBe("support");

  // The second factor: set up, and a wrong code refused beside the field, the key still shown to type.
  await page.goto("/admin/account");
  await page.getByRole("button", { name: "Set up a second factor" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await page.getByLabel("Six-digit code").fill("000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByLabel("Six-digit code")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("That code is not right")).toBeVisible();
  await expect(page.getByText("Cannot scan? Enter this key")).toBeVisible();

  // A visitor's booking, marked solved: the API reads the new status back.
  const days = (await (await request.get("/api/help/subscribe-list?lang=en")).json()).data.days as { slots: { id: number; status: string }[] }[];
  const slot = days.flatMap((d) => d.slots).find((s) => s.status === "bookable")!;
  const booked = await request.post("/api/help/subscribe-add", {
    headers: { "x-forwarded-for": "198.51.100.91" },
    data: {
      lang: "en",
      slot_id: slot.id,
      company: `No scripts ${stamp}`,
      account: "buyer@acme.example",
      phone: "13800138000",
      chat_app: "yes",
      content: "Twelve stores.",
      contact_from: "14:00",
      contact_to: "16:00",
    },
  });
  const booking = (await booked.json()).data as { id: number; reference: string };
  await page.goto(`/admin/bookings/${booking.id}`);
  await page.getByRole("button", { name: "Mark solved" }).click();
  await expect(page.getByRole("button", { name: "Mark unsolved" })).toBeVisible();
  const detail = (await (await page.request.get(`/api/admin/bookings/detail?lang=en&id=${booking.id}`)).json()).data as { status: string };
  expect(detail.status).toBe("solved");

  // A visitor's comment, hidden: gone from the article page.
  const first = (await (await request.get("/api/home/article-list?lang=en&type=blog&page_size=1")).json()).data.list[0] as { id: number; url?: string };
  const articleId = Number(/\/blog\/(\d+)/.exec(first.url ?? "")?.[1] ?? first.id);
  const said = `No scripts needed to hide this ${stamp}`;
  await request.post("/api/home/article-comment", {
    headers: { "x-forwarded-for": "198.51.100.92" },
    data: { lang: "en", article_id: articleId, name: "visitor", content: said },
  });
  await page.goto(`/admin/comments?article=${articleId}`);
  const card = page.locator("li").filter({ hasText: said });
  await card.getByRole("button", { name: "Hide" }).click();
  await expect(page.locator("li").filter({ hasText: said }).getByText("Hidden").first()).toBeVisible();
  expect(await (await request.get(`/blog/${articleId}`)).text()).not.toContain(said);
});

test("without scripts support marks a visitor's message handled, from its page", async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const email = `nojs-inbox-${stamp}@example.com`;
  await setPassword(page, newAdmin(email));
  await signIn(page, email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Hello");
  const left = await request.post("/api/home/leave-message", {
    headers: { "x-forwarded-for": "198.51.100.93" },
    data: { lang: "en", name: "Visitor", contact: "visitor@example.com", message: `Handled without scripts ${stamp}`, page: `${BASE}/pricing` },
  });
  const id = ((await left.json()).data as { id: number }).id;
  await page.goto(`/admin/inbox/message/${id}`);
  await page.getByRole("button", { name: "Mark handled" }).click();
  await expect(page.getByRole("button", { name: "Mark new" })).toBeVisible();
  const message = (await (await page.request.get(`/api/admin/inbox/message?lang=en&id=${id}`)).json()).data as { status: string };
  expect(message.status).toBe("handled");
});
