export { Wizard, type WizardCheck, type WizardProps } from "./Wizard";
