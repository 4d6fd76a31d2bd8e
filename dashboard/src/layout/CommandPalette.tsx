import { type KeyboardEvent, useId, useMemo, useState } from "react";
import { Modal } from "../ui/Modal.tsx";
import { type Command, type CommandGroup, filterCommands } from "./commands.ts";
import { PALETTE } from "./messages.ts";

const GROUP_ORDER: CommandGroup[] = ["navigation", "quickActions", "settings", "help"];

/**
 * Search box over grouped commands: arrows move, Enter runs the selected command, Esc closes,
 * 'No commands found' when nothing matches, and a count of the matches.
 */
export function CommandPalette({ onRun, onClose }: { onRun(command: Command): void; onClose(): void }) {
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const matches = useMemo(() => {
    const found = filterCommands(query);
    return GROUP_ORDER.flatMap((g) => found.filter((c) => c.group === g));
  }, [query]);
  const selected = matches[Math.min(active, matches.length - 1)];

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (matches.length === 0) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (Math.min(i, matches.length - 1) + step + matches.length) % matches.length);
    } else if (e.key === "Enter" && selected) {
      e.preventDefault();
      onRun(selected);
    }
  };

  return (
    <Modal title={PALETTE.title} onClose={onClose} hideTitle>
      <input
        type="text"
        role="combobox"
        aria-label={PALETTE.title}
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={selected ? `cmd-${selected.id}` : undefined}
        placeholder={PALETTE.placeholder}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        className="palette-input"
        data-autofocus
      />
      <div id={listId} role="listbox" aria-label={PALETTE.title} className="palette-list">
        {matches.length === 0 ? <p className="palette-empty">{PALETTE.empty}</p> : null}
        {GROUP_ORDER.map((group) => {
          const items = matches.filter((c) => c.group === group);
          if (items.length === 0) return null;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a group of listbox options (ARIA listbox pattern)
            <div key={group} role="group" aria-label={PALETTE.groups[group]}>
              <div className="palette-group" aria-hidden="true">
                {PALETTE.groups[group]}
              </div>
              {items.map((c) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection runs through the combobox (arrows + Enter)
                <div
                  key={c.id}
                  id={`cmd-${c.id}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={c === selected}
                  className={c === selected ? "palette-item palette-item-active" : "palette-item"}
                  onMouseMove={() => setActive(matches.indexOf(c))}
                  onClick={() => onRun(c)}
                >
                  {c.label}
                </div>
              ))}
            </div>
          );
        })}
      </div>
      <p className="palette-count" aria-live="polite">
        {PALETTE.count(matches.length)}
      </p>
    </Modal>
  );
}
