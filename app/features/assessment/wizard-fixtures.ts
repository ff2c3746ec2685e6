// One visitor's wizard, filled in: the state the wizard's tests start from.
import type { WizardState } from "./wizard";

export const contact = {
  company: "Acme Logistics",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@acme.example",
  phone: "",
};

export const fullState: WizardState = {
  contact,
  answers: {
    time_wasted: "2-5-hours",
    reinvent_wheel: "monthly",
    critical_processes: "some-documented",
    vacation_impact: "minor-delays",
    meeting_time: "not-certain",
    project_delays: "often",
    role: "director-manager",
    approval_process: "me-plus-one",
    urgency: "somewhat-urgent",
    timeline: "within-90-days",
  },
};
