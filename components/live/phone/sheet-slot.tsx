'use client';
// A block of the live room that is a card in place from 768 px up and a bottom sheet on a phone, opened
// from the action strip (the fun-guess card). The card stays mounted at every width (hidden on phones),
// so a dialog it opened survives the window crossing 768 px; the sheet holds a second one while open.
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
  return (
    <>
      <div className="contents phone:hidden">{children}</div>
      {phone ? (
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
      ) : null}
    </>
  );
}
