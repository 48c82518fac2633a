export { Button, type ButtonProps, type ButtonSize, type ButtonTone, type ButtonVariant } from "./Button";
