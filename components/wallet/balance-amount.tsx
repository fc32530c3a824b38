'use client';
// A live balance figure (./balance-figure.tsx), a chunk of its own: the server renders it for a signed-in
// user and the browser fetches its code (the balances query) with the page, while a guest's page (the top
// bar's first load on every page) carries none of it.
import dynamic from 'next/dynamic';

export const BalanceAmount = dynamic(() => import('./balance-figure').then((module) => module.BalanceAmount));
