import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RELOAD_FLAG, lazyPage } from './lazy-page';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>{this.state.error.message}</p> : this.props.children;
  }
}

describe('lazyPage', () => {
  it('renders the page once its code is loaded and forgets an earlier failure', async () => {
    const storage = memoryStorage();
    storage.setItem(RELOAD_FLAG, '1');
    const Page = lazyPage(
      async () => ({ Hello: ({ name }: { name: string }) => <p>Hello {name}</p> }),
      (module) => module.Hello,
      { storage },
    );
    render(<Page name="Ada" />);
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(storage.getItem(RELOAD_FLAG)).toBeNull();
  });

  it('reloads once when the code does not load, and not again on a second failure', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    const First = lazyPage(failing, () => () => null, { storage, reload });
    render(<First />);
    await expect.poll(() => reload.mock.calls.length).toBe(1);
    expect(storage.getItem(RELOAD_FLAG)).toBe('1');

    // After the reload the flag is set: the failure goes to the error boundary instead.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Second = lazyPage(failing, () => () => null, { storage, reload });
    render(
      <Boundary>
        <Second />
      </Boundary>,
    );
    expect(await screen.findByText('Failed to fetch dynamically imported module')).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
