import { useLayoutEffect, useRef, type RefObject } from "react";

/** A form control a visitor changed before the page hydrated: its name (or id) and what it holds now. */
export interface EditBeforeHydration {
  key: string;
  value: string;
  /** For a checkbox or radio: whether it is ticked now. */
  checked: boolean;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * The controls under `root` whose value differs from the one the server rendered. The server's
 * value is the control's default (`defaultValue`, `defaultChecked`, an option's `defaultSelected`):
 * the HTML attribute, which React sets again to the rendered value as it hydrates.
 */
export function editsBeforeHydration(root: ParentNode | null): EditBeforeHydration[] {
  if (!root) return [];
  const edits: EditBeforeHydration[] = [];
  for (const control of root.querySelectorAll<Control>("input, select, textarea")) {
    const key = control.name || control.id;
    if (!key || control.disabled) continue;
    if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
      // A radio group changes as a whole: the one now ticked says what was chosen.
      const changed = control.type === "radio" ? control.checked && !control.defaultChecked : control.checked !== control.defaultChecked;
      if (changed) edits.push({ key, value: control.value, checked: control.checked });
    } else if (control instanceof HTMLSelectElement) {
      // The server marks the chosen option `selected`; React marks none in a select it creates in
      // the browser, whose choice is the state's already.
      const rendered = [...control.options].find((option) => option.defaultSelected);
      if (rendered && control.value !== rendered.value) edits.push({ key, value: control.value, checked: false });
    } else if (control.value !== control.defaultValue) {
      edits.push({ key, value: control.value, checked: false });
    }
  }
  return edits;
}

/**
 * A page's scripts load after its first paint (docs/decisions/0026), so a visitor may type, pick
 * and tick in a form before React hydrates it. React leaves those edits in the page while it
 * hydrates, but a controlled field shows its state again at the component's next render and puts
 * the server's value back: typed text vanished and a chosen radio came unticked. A form calls this
 * with its root and a function that takes the edits into its state; it runs once, after hydration
 * and before the first paint, so nothing flickers. On a page rendered in the browser (a client
 * navigation) the fields hold the state already, and nothing is found.
 */
export function useEditsBeforeHydration(root: RefObject<ParentNode | null>, adopt: (edits: EditBeforeHydration[]) => void): void {
  const adoptOnce = useRef(adopt);
  useLayoutEffect(() => {
    const edits = editsBeforeHydration(root.current);
    if (edits.length) adoptOnce.current(edits);
  }, [root]);
}
