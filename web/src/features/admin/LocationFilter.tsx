import { namedOptions, SelectField } from "../../lib/ui/form";

type Props = {
  id: string;
  /** The location's id as text; '' for all of them. */
  value: string;
  onChange: (value: string) => void;
  locations: readonly { id: number; name: string }[];
};

/** 'Ubicación' of a list's filter bar: 'Todas' or one of the company's locations. */
export function LocationFilter({ id, value, onChange, locations }: Props) {
  return (
    <SelectField
      id={id}
      label="Ubicación"
      value={value}
      onChange={onChange}
      compact
      placeholder="Todas"
      options={namedOptions(locations)}
    />
  );
}
