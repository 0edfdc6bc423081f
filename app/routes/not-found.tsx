import { data } from "react-router";

/** Any path no route claims: the root error boundary renders the 404 page with the path. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
