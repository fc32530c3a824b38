'use client';
// The reader's own categories (spec §3 meClass), shared by the side menu and the page's add button:
// kept on the server for a signed-in reader (`myClassification`, `addMyclassification`,
// `delMyclassification`), in localStorage `meClass` for a guest.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api } from '@/lib/http/client';

export type MenuCategory = { id: number; name: string };
const STORAGE_KEY = 'meClass';
/** The server's limit (MY_CATEGORIES_MAX), kept for guests too. */
const GUEST_MAX = 20;

type State = {
  mine: MenuCategory[];
  has: (id: number) => boolean;
  add: (category: MenuCategory) => Promise<void>;
  remove: (id: number) => Promise<void>;
};

const MyCategories = createContext<State | null>(null);

export function useMyCategories() {
  const state = useContext(MyCategories);
  if (!state) throw new Error('useMyCategories outside MyCategoriesProvider');
  return state;
}

function readGuest(): MenuCategory[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? parsed.filter(
          (item): item is MenuCategory =>
            typeof item?.id === 'number' && typeof item?.name === 'string' && item.name.length <= 60,
        )
      : [];
  } catch {
    return [];
  }
}

export function MyCategoriesProvider({
  initial,
  signedIn,
  children,
}: {
  initial: MenuCategory[];
  signedIn: boolean;
  children: ReactNode;
}) {
  const [mine, setMine] = useState(initial);
  useEffect(() => {
    if (!signedIn) setMine(readGuest());
  }, [signedIn]);

  const saveGuest = useCallback((next: MenuCategory[]) => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    setMine(next);
  }, []);

  const add = useCallback(
    async (category: MenuCategory) => {
      if (mine.some((item) => item.id === category.id)) return;
      if (!signedIn) {
        if (mine.length < GUEST_MAX) saveGuest([...mine, category]);
        return;
      }
      await api.post('api/videocclassification/addMyclassification', { id: category.id });
      const { list } = await api.post<{ list: MenuCategory[] }>(
        'api/videocclassification/myClassification',
        {},
      );
      setMine(list);
    },
    [mine, signedIn, saveGuest],
  );

  const remove = useCallback(
    async (id: number) => {
      if (!signedIn) {
        saveGuest(mine.filter((item) => item.id !== id));
        return;
      }
      await api.post('api/videocclassification/delMyclassification', { id });
      setMine((current) => current.filter((item) => item.id !== id));
    },
    [mine, signedIn, saveGuest],
  );

  const value = useMemo(
    () => ({ mine, has: (id: number) => mine.some((item) => item.id === id), add, remove }),
    [mine, add, remove],
  );
  return <MyCategories.Provider value={value}>{children}</MyCategories.Provider>;
}
