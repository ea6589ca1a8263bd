// What a person typed or chose on a page, kept in the tab's session storage
// so it survives the session ending and signing in again. Never a
// secret: password fields, PINs, card numbers, codes from text messages and
// anything marked data-no-draft are left out. Where drafts are kept:
// draft-storage.ts.

const secretName = /pin|pass|secret|token|card|cvc|cvv|otp/i;
const secretAutocomplete = /current-password|new-password|one-time-code|cc-/i;

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The text of the group a field sits in (a role=group or fieldset), as people see it. */
function groupName(field: Field): string | undefined {
  const group = field.closest("[role=group], fieldset");
  if (!group) return undefined;
  const labelledBy = group.getAttribute("aria-labelledby");
  const text =
    group.getAttribute("aria-label") ??
    (labelledBy ? document.getElementById(labelledBy)?.textContent : group.querySelector("legend")?.textContent);
  return text?.trim() || undefined;
}

/**
 * What a field is called, stable across page loads: its name, else its label
 * within its group ("My monthly summary › Format"); generated ids are not stable.
 */
function stableName(field: Field): string | undefined {
  if (field.name) return field.name;
  const label = field.labels?.[0]?.textContent?.trim();
  if (!label) return undefined;
  const group = groupName(field);
  return group ? `${group} › ${label}` : label;
}

/** The name a field's value is kept under, or undefined when it must not be kept. */
export function draftFieldName(field: Field): string | undefined {
  const name = stableName(field);
  if (!name || field.closest("[data-no-draft]")) return undefined;
  if (field instanceof HTMLInputElement) {
    if (["password", "hidden", "file", "submit", "button", "reset", "image"].includes(field.type)) return undefined;
    if (field.inputMode === "numeric" && field.autocomplete === "off") return undefined;
  }
  const label = field.labels?.[0]?.textContent ?? "";
  if (
    secretName.test(name) ||
    secretName.test(label) ||
    secretAutocomplete.test(field.getAttribute("autocomplete") ?? "")
  )
    return undefined;
  return name;
}

export function fieldValue(field: Field): string {
  return field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")
    ? String(field.checked)
    : field.value;
}

/**
 * Puts a kept value back the way typing would, so React's state follows:
 * the element's own value setter (React watches it), then input and change events.
 */
export function restoreField(field: Field, value: string): void {
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
    if (String(field.checked) !== value) field.click();
    return;
  }
  if (field.value === value) return;
  if (field instanceof HTMLSelectElement && ![...field.options].some((option) => option.value === value)) return;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
}
