import { GroupForm } from "./group-form";

/** Add Group: a name for a new, empty group. */
export default function GroupAdd() {
  return <GroupForm />;
}
