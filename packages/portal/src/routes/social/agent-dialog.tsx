import { MESSAGES } from "@herald/domain";
import { Badge, Button, DataTable, type DataTableColumn, Dialog, Spinner } from "@herald/ui";
import { $api } from "../../api";
import * as s from "./social.css";
import { type Agent, agentLabel, type RoomProfile } from "./social-rules";

/** The agents table pages by 5, 10 or 15. */
const AGENT_PAGE_SIZES = [5, 10, 15] as const;

export interface AgentDialogProps {
  room: RoomProfile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "Assign Agent" or "Reassign". */
  title: string;
  onPick: (agent: Agent) => Promise<void>;
  busyAgentId: string | null;
}

/**
 * The agent picker: agents whose departments hold the room's channel (the current agent left out), each with
 * online status and the number of rooms on hand.
 */
export function AgentDialog({ room, open, onOpenChange, title, onPick, busyAgentId }: AgentDialogProps) {
  const agents = $api.useQuery(
    "get",
    "/social-chat/chat/agents",
    { params: { query: { subscriberId: room.id, ...(room.agentId ? { currentAgent: room.agentId } : {}) } } },
    { enabled: open, staleTime: 0 },
  );
  const list = agents.data?.data ?? [];
  const columns: DataTableColumn<Agent>[] = [
    { id: "name", header: "Agent", text: agentLabel },
    {
      id: "status",
      header: "Status",
      text: (a) => (a.userStatus === "online" ? "Online" : "Offline"),
      cell: (a) => (
        <Badge tone={a.userStatus === "online" ? "success" : "secondary"} variant="soft">
          {a.userStatus === "online" ? "Online" : "Offline"}
        </Badge>
      ),
    },
    {
      id: "onHand",
      header: "On Hand",
      value: (a) => a.totalOnHandTask,
      text: (a) => `${a.totalOnHandTask} on hand`,
      align: "end",
    },
    {
      id: "assign",
      header: "Assign",
      sortable: false,
      searchable: false,
      cell: (a) => (
        <Button
          size="sm"
          aria-label={`Assign ${agentLabel(a)}`}
          loading={busyAgentId === a.user_id}
          disabled={busyAgentId !== null && busyAgentId !== a.user_id}
          onClick={() => void onPick(a)}
        >
          Assign
        </Button>
      ),
    },
  ];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      size="lg"
      description={`Choose who handles the chat with ${room.name}.`}
    >
      {agents.isPending && <Spinner label="Loading agents" showLabel />}
      {agents.isError && (
        <div className={s.form}>
          <p className={s.note} role="alert">
            {(agents.error as { message?: string } | null)?.message ?? MESSAGES.somethingWentWrong}
          </p>
          <Button variant="outline" onClick={() => void agents.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {agents.isSuccess && list.length === 0 && <p className={s.note}>{MESSAGES.noRecords}</p>}
      {list.length > 0 && (
        <DataTable<Agent>
          label="Agents"
          data={list}
          columns={columns}
          getRowId={(a) => a.user_id}
          getRowLabel={agentLabel}
          searchLabel="Search agents"
          pageSizeOptions={AGENT_PAGE_SIZES}
          emptyText={MESSAGES.noRecords}
        />
      )}
    </Dialog>
  );
}
