import { useEffect, useId, useRef, useState } from 'react';
import { CloseIcon, SearchIcon } from '../../shared/icons';
import { useTypedBeforeApp } from '../../shared/use-hydrated';
import { MAX_SEARCH_LENGTH } from './collection-params';
import styles from './collection.module.css';
import { setSearchVisibility } from './search-visibility';

// Typing waits this long before the URL (and so the query) changes, so each keystroke is not a request.
const SEARCH_DEBOUNCE_MS = 300;

interface SearchBarProps {
  /** The collection's form: Enter before the app's code arrives submits it (`?q=`). */
  form: string;
  value: string;
  onSearch: (text: string) => void;
}

export function SearchBar({ form, value, onSearch }: SearchBarProps) {
  const inputId = useId();
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const inputRef = useRef<HTMLInputElement>(null);
  useTypedBeforeApp(inputRef, text, setText);

  // When the URL's text changes from elsewhere (Clear filters, back button), the box follows it.
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = window.setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div className={styles.searchBar} role="search">
      <div className={styles.searchField}>
        <label htmlFor={inputId} className="visually-hidden">
          Search products
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          form={form}
          name="q"
          className={styles.searchInput}
          placeholder="Search..."
          value={text}
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onSearch(text.trim());
          }}
        />
        <SearchIcon className={styles.searchIcon} />
      </div>
      <button
        type="button"
        className={styles.searchClose}
        aria-label="Hide search"
        onClick={() => setSearchVisibility(false)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
