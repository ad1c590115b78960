import { ActionIcon, Code, CopyButton } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useHydrated } from "./forms/hydrated-field";

/**
 * A link to hand on (a registration link): the full URL, selectable, broken anywhere so it never widens the
 * page; with JavaScript a button copies it (and says so).
 */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const hydrated = useHydrated();
  return (
    <span className="copy-link">
      <Code className="copy-link__url">{url}</Code>
      {hydrated ? (
        <CopyButton value={url} timeout={2000}>
          {({ copied, copy }) => (
            <ActionIcon
              variant="subtle"
              color={copied ? "green" : "gray"}
              onClick={copy}
              aria-label={copied ? `${label} copied` : `Copy ${label}`}
              title={copied ? "Copied" : "Copy"}
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          )}
        </CopyButton>
      ) : null}
    </span>
  );
}
