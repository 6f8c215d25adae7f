/**
 * The legal commands as controls: grouped by type; a small group is a row of buttons, a large one a
 * labelled <select> with a Send button. Every command is sent unchanged (it came from legalCommands).
 */
import { useState } from 'preact/hooks';
import type { Command } from './api';
import { commandDetail, humanize, type LabelContext } from './format';

const MAX_BUTTONS = 10;

export function groupCommands(commands: Command[]): [string, Command[]][] {
  const groups = new Map<string, Command[]>();
  for (const c of commands) {
    const list = groups.get(c.type) ?? [];
    list.push(c);
    groups.set(c.type, list);
  }
  return [...groups.entries()];
}

function Group(props: {
  type: string;
  commands: Command[];
  ctx: LabelContext;
  disabled: boolean;
  send: (c: Command) => void;
}) {
  const { type, commands, ctx, disabled, send } = props;
  const [index, setIndex] = useState(0);
  const title = humanize(type);
  const id = `cmd-${type}`;
  if (commands.length === 1 && !commandDetail(commands[0], ctx)) {
    return (
      <div class="cmd-group" role="group" aria-label={title}>
        <button type="button" class="cmd" disabled={disabled} onClick={() => send(commands[0])}>
          {title}
        </button>
      </div>
    );
  }
  if (commands.length <= MAX_BUTTONS) {
    return (
      <fieldset class="cmd-group">
        <legend>{title}</legend>
        {commands.map((c, i) => (
          <button
            type="button"
            class="cmd"
            key={i}
            disabled={disabled}
            aria-label={`${title}: ${commandDetail(c, ctx)}`}
            onClick={() => send(c)}
          >
            {commandDetail(c, ctx)}
          </button>
        ))}
      </fieldset>
    );
  }
  const chosen = commands[Math.min(index, commands.length - 1)];
  return (
    <div class="cmd-group">
      <label for={id}>
        {title} ({commands.length} choices)
      </label>
      <div class="cmd-select">
        <select id={id} value={String(index)} onChange={(e) => setIndex(Number(e.currentTarget.value))}>
          {commands.map((c, i) => (
            <option key={i} value={String(i)}>
              {commandDetail(c, ctx)}
            </option>
          ))}
        </select>
        <button type="button" class="cmd" disabled={disabled} onClick={() => send(chosen)}>
          {title}
        </button>
      </div>
    </div>
  );
}

export function Commands(props: {
  commands: Command[];
  ctx: LabelContext;
  disabled: boolean;
  send: (c: Command) => void;
}) {
  const groups = groupCommands(props.commands);
  return (
    <section class="panel commands" aria-labelledby="commands-title">
      <h2 id="commands-title">Your move</h2>
      {groups.map(([type, list]) => (
        <Group
          key={type}
          type={type}
          commands={list}
          ctx={props.ctx}
          disabled={props.disabled}
          send={props.send}
        />
      ))}
    </section>
  );
}
