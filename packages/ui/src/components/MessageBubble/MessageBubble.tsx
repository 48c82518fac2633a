import { formatInZone } from "@herald/domain";
import { isValid } from "date-fns";
import { VisuallyHidden } from "radix-ui";
import type { ReactNode } from "react";
import * as s from "./MessageBubble.css";
import {
  substituteTemplateVariables,
  type WhatsappTemplateComponent,
  type WhatsappTemplateVariables,
} from "./template";

export type ChatAttachmentType = "image" | "video" | "audio" | "other";

export interface ChatAttachment {
  id: string;
  type: ChatAttachmentType | (string & {});
  mime?: string | null;
  url: string;
  name?: string | null;
}

/** Media for a template's IMAGE, VIDEO or DOCUMENT header. */
export interface WhatsappTemplateMetadata {
  headerMediaUrl?: string | null;
  headerMediaName?: string | null;
}

export interface ChatMessage {
  id: string;
  type: "inbox" | "outbox";
  text?: string | null;
  attachments?: readonly ChatAttachment[] | null;
  createdAt: Date | string;
  /** no = not sent, failed, yes = sent. */
  messageStatus?: "no" | "failed" | "yes" | (string & {}) | null;
  /** Empty while pending; "failed"; otherwise e.g. sent, delivered, read. */
  deliveryStatus?: string | null;
  remark?: string | null;
  whatsappListMessage?: { button?: { text?: string | null } | null } | null;
  whatsappTemplateComponents?: readonly WhatsappTemplateComponent[] | null;
  whatsappTemplateVariables?: WhatsappTemplateVariables | null;
  whatsappTemplateMetadata?: WhatsappTemplateMetadata | null;
}

export interface MessageBubbleProps {
  message: ChatMessage;
  /** Shown above the text, e.g. the agent who sent an outbox message. */
  senderName?: string;
  /** Shown under a failed message when it has no remark. */
  failedText?: string;
  formatTime?: (date: Date) => string;
}

type DeliveryState = "pending" | "failed" | "sent" | "read";

/** Clock when the delivery status is empty, warning when failed, a double check otherwise. */
export function deliveryState(deliveryStatus: string | null | undefined): DeliveryState {
  const status = (deliveryStatus ?? "").trim().toLowerCase();
  if (status === "") return "pending";
  if (status === "failed") return "failed";
  return status === "read" ? "read" : "sent";
}

function deliveryLabel(deliveryStatus: string | null | undefined): string {
  const status = (deliveryStatus ?? "").trim();
  if (status === "") return "Pending";
  return status.charAt(0).toUpperCase() + status.slice(1).toLowerCase();
}

function DeliveryIcon({ status }: { status: string | null | undefined }) {
  const state = deliveryState(status);
  const label = deliveryLabel(status);
  return (
    <svg
      className={s.delivery({ status: state })}
      viewBox="0 0 16 16"
      role="img"
      aria-label={label}
      data-delivery={state}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
    >
      <title>{label}</title>
      {state === "pending" && (
        <>
          <circle cx="8" cy="8" r="6" />
          <path d="M8 4.8V8l2.2 1.4" />
        </>
      )}
      {state === "failed" && (
        <>
          <path d="M8 2 14.5 13.5h-13Z" />
          <path d="M8 6.5v3M8 11.4v.2" />
        </>
      )}
      {(state === "sent" || state === "read") && (
        <>
          <path d="m1.5 8.5 3 3 6-7" />
          <path d="m7.5 11 .5.5 6-7" />
        </>
      )}
    </svg>
  );
}

function fileLabel(att: { name?: string | null; url: string }): string {
  if (att.name) return att.name;
  const last = att.url.split(/[?#]/)[0]?.split("/").pop();
  return last && last !== "" ? decodeURIComponent(last) : "Attachment";
}

function FileLink({ url, name, mime }: { url: string; name: string; mime?: string | null }) {
  return (
    <a className={s.file} href={url} download={name} target="_blank" rel="noopener noreferrer">
      <svg
        width="16"
        height="16"
        viewBox="0 0 16 16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        aria-hidden="true"
      >
        <path d="M4 1.5h5.5L13 5v9.5H4Z" />
        <path d="M9.5 1.5V5H13" />
      </svg>
      <span>
        {name}
        {mime && <span className={s.fileMeta}> ({mime})</span>}
      </span>
    </a>
  );
}

function Attachment({ attachment }: { attachment: ChatAttachment }) {
  const name = fileLabel(attachment);
  switch (attachment.type) {
    case "image":
      return (
        <img
          className={s.media}
          src={attachment.url}
          alt={attachment.name ?? "Image attachment"}
          loading="lazy"
        />
      );
    case "video":
      return (
        // biome-ignore lint/a11y/useMediaCaption: user-sent media has no caption track
        <video className={s.media} src={attachment.url} controls preload="none" aria-label={name} />
      );
    case "audio":
      return (
        // biome-ignore lint/a11y/useMediaCaption: user-sent media has no caption track
        <audio className={s.audio} src={attachment.url} controls preload="none" aria-label={name} />
      );
    default:
      return <FileLink url={attachment.url} name={name} mime={attachment.mime} />;
  }
}

function TemplateHeader({
  component,
  variables,
  metadata,
}: {
  component: WhatsappTemplateComponent;
  variables: WhatsappTemplateVariables | null | undefined;
  metadata: WhatsappTemplateMetadata | null | undefined;
}) {
  const fmt = (component.format ?? "TEXT").toUpperCase();
  const url = metadata?.headerMediaUrl ?? null;
  if (fmt === "TEXT") {
    return (
      <p className={s.templateHeader}>
        {substituteTemplateVariables(component.text ?? "", variables?.header)}
      </p>
    );
  }
  if (!url) return <p className={s.templateFooter}>[{fmt.toLowerCase()} header]</p>;
  if (fmt === "IMAGE")
    return <img className={s.media} src={url} alt={metadata?.headerMediaName ?? "Template image"} />;
  if (fmt === "VIDEO") {
    return (
      // biome-ignore lint/a11y/useMediaCaption: template media has no caption track
      <video
        className={s.media}
        src={url}
        controls
        preload="none"
        aria-label={metadata?.headerMediaName ?? "Template video"}
      />
    );
  }
  return <FileLink url={url} name={metadata?.headerMediaName ?? fileLabel({ url })} />;
}

function Template({ message }: { message: ChatMessage }) {
  const components = message.whatsappTemplateComponents ?? [];
  const variables = message.whatsappTemplateVariables;
  const parts: ReactNode[] = [];
  for (const [index, component] of components.entries()) {
    const type = component.type.toUpperCase();
    if (type === "HEADER") {
      parts.push(
        <TemplateHeader
          key={index}
          component={component}
          variables={variables}
          metadata={message.whatsappTemplateMetadata}
        />,
      );
    } else if (type === "BODY") {
      parts.push(
        <p key={index} className={s.text}>
          {substituteTemplateVariables(component.text ?? "", variables?.body)}
        </p>,
      );
    } else if (type === "FOOTER") {
      parts.push(
        <p key={index} className={s.templateFooter}>
          {component.text}
        </p>,
      );
    } else if (type === "BUTTONS" && component.buttons && component.buttons.length > 0) {
      parts.push(
        <ul key={index} className={s.chips} aria-label="Template buttons">
          {component.buttons.map((button, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no id and never reorder
            <li key={i} className={s.chip}>
              {button.type === "URL" && (
                <svg
                  width="12"
                  height="12"
                  viewBox="0 0 12 12"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.4"
                  aria-hidden="true"
                >
                  <path d="M5 2H2v8h8V7M7 2h3v3M10 2 5.5 6.5" />
                </svg>
              )}
              {button.type === "COPY_CODE" && (
                <svg
                  width="12"
                  height="12"
                  viewBox="0 0 12 12"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.4"
                  aria-hidden="true"
                >
                  <rect x="4" y="4" width="6.5" height="6.5" rx="1" />
                  <path d="M8 2.5V1.5H1.5V8h1" />
                </svg>
              )}
              {button.text}
            </li>
          ))}
        </ul>,
      );
    }
  }
  return <div className={s.template}>{parts}</div>;
}

/** In the company's time zone, labelled, once the portal knows it (domain's display zone). */
const defaultTime = (date: Date) => formatInZone(date, "dd/MM/yyyy h:mm a");

/**
 * One chat message: inbox on the left, outbox on the right. Text is rendered as text (never HTML) with its
 * line breaks; attachments, WhatsApp templates and list-message buttons are shown; outbox messages carry a
 * delivery icon, and a failed message a danger remark; a received message's remark (a file that could not be
 * downloaded) shows as a muted note.
 */
export function MessageBubble({
  message,
  senderName,
  failedText = "Message failed to send",
  formatTime = defaultTime,
}: MessageBubbleProps) {
  const direction = message.type === "outbox" ? "outbox" : "inbox";
  const created = message.createdAt instanceof Date ? message.createdAt : new Date(message.createdAt);
  const hasTemplate = (message.whatsappTemplateComponents?.length ?? 0) > 0;
  const listButton = message.whatsappListMessage?.button?.text;
  const failed = message.messageStatus === "failed";
  return (
    <div className={s.row({ direction })} data-direction={direction}>
      <div className={s.bubble({ direction })}>
        <VisuallyHidden.Root>
          {direction === "inbox" ? "Received message" : "Sent message"}
        </VisuallyHidden.Root>
        {senderName && <span className={s.sender}>{senderName}</span>}
        {message.attachments?.map((attachment) => (
          <Attachment key={attachment.id} attachment={attachment} />
        ))}
        {hasTemplate ? (
          <Template message={message} />
        ) : (
          message.text && <p className={s.text}>{message.text}</p>
        )}
        {listButton && (
          <ul className={s.chips} aria-label="List message button">
            <li className={s.chip}>
              <svg
                width="12"
                height="12"
                viewBox="0 0 12 12"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.4"
                aria-hidden="true"
              >
                <path d="M2 3h8M2 6h8M2 9h8" />
              </svg>
              {listButton}
            </li>
          </ul>
        )}
        {failed && <p className={s.remark}>{message.remark?.trim() ? message.remark : failedText}</p>}
        {direction === "inbox" && message.remark?.trim() && <p className={s.note}>{message.remark}</p>}
        <span className={s.meta}>
          {isValid(created) && <time dateTime={created.toISOString()}>{formatTime(created)}</time>}
          {direction === "outbox" && <DeliveryIcon status={message.deliveryStatus} />}
        </span>
      </div>
    </div>
  );
}
