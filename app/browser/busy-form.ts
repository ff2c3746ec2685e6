// While a form's post is on its way, its fields are disabled and the button that sent it says what
// is happening (its `data-busy-label`), so nobody sends it twice.

export function showBusyWhileSubmitting(form: HTMLFormElement) {
  const fields = form.querySelector("fieldset");
  let busyButton: HTMLElement | undefined;
  let idleLabel = "";
  form.addEventListener("submit", (event) => {
    if (event.defaultPrevented || !fields) return;
    const button = event.submitter instanceof HTMLElement ? event.submitter : undefined;
    // The browser reads the fields just after this event; disabled ones would not be sent.
    setTimeout(() => {
      fields.disabled = true;
      const busyLabel = button?.dataset.busyLabel;
      if (button && busyLabel) {
        busyButton = button;
        idleLabel = button.textContent ?? "";
        button.textContent = busyLabel;
      }
    });
  });
  // Back to this page from the browser's cache: the post is over.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted || !fields) return;
    fields.disabled = false;
    if (busyButton) busyButton.textContent = idleLabel;
    busyButton = undefined;
  });
}
