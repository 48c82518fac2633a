import { useParams } from "react-router";
import { GroupForm } from "./group-form";

/** Edit Group: rename a group; its members stay in it. */
export default function GroupEdit() {
  const { id = "" } = useParams();
  return <GroupForm key={id} id={id} />;
}
