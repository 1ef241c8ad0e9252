import { type InputHTMLAttributes, type KeyboardEvent, type ReactNode, useId, useState } from "react";
import { inputClass } from "./classes";
import { described, Field } from "./Field";

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "value" | "onChange" | "className" | "role" | "placeholder"
>;

type Props<T> = {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** the suggestions for the current text, best first */
  options: readonly T[];
  optionKey: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  onChoose: (option: T) => void;
  /** the list's accessible name, e.g. "Productos del catálogo" */
  listLabel: string;
  /** shown in the open list when the text finds nothing (nothing shown when absent) */
  emptyText?: string | undefined;
  placeholder?: string | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  /** the input's other attributes; its onKeyDown sees the keys the list does not use */
  inputProps?: InputProps;
};

/**
 * A labelled text field with a list of suggestions under it (ARIA combobox + listbox): typing opens it,
 * ↑/↓ move through it, Enter or a tap chooses, Escape closes it. Options are at least 44 px high.
 */
export function Combobox<T>({
  label,
  value,
  onChange,
  options,
  optionKey,
  renderOption,
  onChoose,
  listLabel,
  emptyText,
  placeholder,
  hint,
  error,
  className,
  inputProps = {},
}: Props<T>) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && value.trim() !== "" && (options.length > 0 || emptyText !== undefined);
  const current = shown && active >= 0 && active < options.length ? options[active] : undefined;
  const optionId = (option: T) => `${listId}-${optionKey(option)}`;

  function choose(option: T) {
    setOpen(false);
    setActive(-1);
    onChoose(option);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((a) => (a < 0 && step < 0 ? options.length - 1 : (a + step + options.length) % options.length));
      return;
    }
    if (event.key === "Enter" && current !== undefined) {
      event.preventDefault();
      choose(current);
      return;
    }
    if (event.key === "Escape" && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    inputProps.onKeyDown?.(event);
  }

  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <input
          type="text"
          autoComplete="off"
          enterKeyHint="search"
          {...inputProps}
          id={id}
          className={inputClass}
          {...described(id, error)}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={current === undefined ? undefined : optionId(current)}
          placeholder={placeholder}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={(e) => {
            setOpen(true);
            inputProps.onFocus?.(e);
          }}
          onBlur={(e) => {
            setOpen(false);
            setActive(-1);
            inputProps.onBlur?.(e);
          }}
          onKeyDown={onKeyDown}
        />
        <div
          id={listId}
          role="listbox"
          aria-label={listLabel}
          hidden={!shown}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
        >
          {shown && options.length === 0 && <p className="px-3 py-3 text-sm text-stone-600">{emptyText}</p>}
          {shown &&
            options.map((option, i) => (
              // the input keeps the focus: the list is driven from it (aria-activedescendant), so a
              // tap chooses without blurring it first
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are handled on the combobox input
              <div
                key={optionKey(option)}
                id={optionId(option)}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(option)}
                className={`flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 ${
                  i === active ? "bg-orange-50" : "hover:bg-stone-50"
                }`}
              >
                {renderOption(option)}
              </div>
            ))}
        </div>
      </div>
    </Field>
  );
}
