'use client';
// A block of the live room that is a card in place from 768 px up and a bottom sheet on a phone, opened
// from the action strip (the fun-guess card). The server's markup is the card, hidden on phones until
// the sheet takes over.
import type { ReactNode } from 'react';
import { RoomSheet } from './room-sheet';
import { type RoomSheet as SheetName, useRoomSheet } from './room-sheets';
import { usePhoneLayout } from './use-phone';

export function PhoneSheetSlot({
  sheet: name,
  title,
  closeLabel,
  testId,
  children,
}: {
  sheet: SheetName;
  title: string;
  closeLabel: string;
  testId: string;
  children: ReactNode;
}) {
  const phone = usePhoneLayout();
  const { sheet, close } = useRoomSheet();
  if (!phone) return <div className="contents phone:hidden">{children}</div>;
  return (
    <RoomSheet
      open={sheet === name}
      onOpenChange={(open) => !open && close()}
      title={title}
      closeLabel={closeLabel}
      testId={testId}
      hideTitle
    >
      {children}
    </RoomSheet>
  );
}
