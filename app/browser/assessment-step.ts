// An assessment step's Next stays disabled until the step is answered (the server refuses an
// unanswered step either way), and the last step's button says the answers are on their way.
import { isStepFilled, stepAt } from "~/services/assessment-steps";
import { showBusyWhileSubmitting } from "./busy-form";

export function enhanceAssessmentStep(form: HTMLFormElement) {
  const step = stepAt(Number(form.dataset.assessmentStep));
  const next = form.querySelector<HTMLButtonElement>('button[name="intent"][value="next"]');
  if (!step || !next) return;
  const checkFilled = () => {
    next.disabled = !isStepFilled(step, new FormData(form));
  };
  checkFilled();
  form.addEventListener("input", checkFilled);
  form.addEventListener("change", checkFilled);
  // Fields the browser fills back in when the visitor returns with Back.
  window.addEventListener("pageshow", checkFilled);
  showBusyWhileSubmitting(form);
}
