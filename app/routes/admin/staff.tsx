// Being written (issue 13).
export default function Page() {
  return null;
}
