import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';

interface BoardOption {
  id: string;
  name: string;
  ispn: string | null;
}

/**
 * The board of a child-project step, by its ISPN (the step stores the ISPN: it survives a board being
 * re-imported), picked from the boards whose name or ISPN matches what is typed.
 */
export function ChildBoardPicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (ispn: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const [search, setSearch] = useState(value);
  const { data = [], isPending } = useGetList<BoardOption>('boards', {
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'name', order: 'ASC' },
    filter: search ? { q: search } : {},
  });
  const options = data.filter((board) => !!board.ispn);
  return (
    <Autocomplete<BoardOption, false, false, true>
      freeSolo
      disabled={disabled}
      options={options}
      loading={isPending}
      filterOptions={(all) => all}
      getOptionLabel={(option) => (typeof option === 'string' ? option : (option.ispn ?? ''))}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {option.ispn} — {option.name}
        </li>
      )}
      value={value}
      inputValue={search}
      onInputChange={(_event, text) => {
        setSearch(text);
        onChange(text);
      }}
      onChange={(_event, option) => onChange(typeof option === 'string' ? option : (option?.ispn ?? ''))}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('portal.dip.child_board')}
          required
          error={!!error}
          helperText={error ?? ' '}
        />
      )}
    />
  );
}
