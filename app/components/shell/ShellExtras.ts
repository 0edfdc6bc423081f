/** The shell's parts loaded once hydrated (AfterHydration.tsx): nothing of them shows or runs before. */
export { BackToTop } from "./BackToTop";
export { LoadingBar } from "./LoadingBar";
