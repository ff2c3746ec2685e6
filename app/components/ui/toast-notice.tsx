// A notice (toast) that screen readers announce and a visitor can dismiss, even without JavaScript.
import type { Toast } from "~/lib/toast";

export function ToastNotice({ toast, floating = false }: { toast: Toast; floating?: boolean }) {
  const destructive = toast.type === "error";
  const dismissId = `dismiss-${toast.id}`;
  return (
    <div
      className={
        floating ? "fixed top-20 right-4 left-4 z-40 sm:left-auto sm:w-96 print:hidden" : undefined
      }
    >
      {/* A checkbox hides the notice when its label is clicked: dismissal without any script. */}
      <input
        id={dismissId}
        type="checkbox"
        className="peer sr-only"
        tabIndex={-1}
        aria-hidden="true"
      />
      <div
        role={destructive ? "alert" : "status"}
        className={`flex items-start gap-3 rounded-lg border p-4 shadow-lg peer-checked:hidden ${
          destructive
            ? "border-red-300 bg-red-50 text-red-900"
            : "border-emerald-300 bg-emerald-50 text-emerald-900"
        }`}
      >
        <div className="flex-1">
          <p className="font-semibold">{toast.title}</p>
          <p className="mt-1 text-sm">{toast.description}</p>
        </div>
        <label
          htmlFor={dismissId}
          className="cursor-pointer rounded px-2 text-lg leading-none opacity-70 hover:opacity-100"
        >
          <span aria-hidden="true">×</span>
          <span className="sr-only">Dismiss notice</span>
        </label>
      </div>
    </div>
  );
}
