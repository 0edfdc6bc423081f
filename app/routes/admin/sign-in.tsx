import { pageLoader } from "../../../server/http/page-loader.server";
import { useLoaderData, redirect } from "react-router";
import { staffNextPath } from "@contracts/staff-access";
import { endpointAction } from "../../../server/http/form-actions.server";
import { staffSignIn } from "../../../server/api/endpoints/admin-staff.server";
import { adminLangOf } from "~/components/admin/admin-lang";
import { SignInForm } from "~/components/admin/account/SignInForm";
import { AdminErrorPage } from "~/components/admin/AdminErrorPage";
import { staffMetaIn } from "~/components/admin/meta";
import type { Route } from "./+types/sign-in";

export const loader = pageLoader({ adminWords: ["account"] }, ({ request, context }: Route.LoaderArgs) => {
  // Only a page of the staff area, normalised: never an address elsewhere (no open redirect).
  const next = staffNextPath(new URL(request.url).searchParams.get("next"));
  return { next, signedIn: Boolean(context.staff) };
});

/** The sign-in form (SignInForm): signed in, it goes where `next` says (a staff page only, as above). */
export async function action(args: Route.ActionArgs) {
  const outcome = await endpointAction(staffSignIn, args, { lang: adminLangOf(args.request.headers.get("cookie")), secret: ["password"] });
  if (!outcome.data.ok) return outcome;
  // The session cookie is already on the response (the endpoint set it); 303: the next page is read with GET.
  return redirect(staffNextPath(new URL(args.request.url).searchParams.get("next")), 303);
}

export const meta: Route.MetaFunction = ({ matches }) => staffMetaIn(matches, (t) => t("titles.signIn"));

export const handle = { layout: "admin" };

export default function SignInPage() {
  const { next, signedIn } = useLoaderData<typeof loader>();
  return <SignInForm next={next} signedIn={signedIn} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
