import { Badge, ScrollArea, Table, Text } from '@mantine/core';
import type { AdminLedgerRow, LedgerRow } from '../../../common/contracts/admin-money';
import { shownSign } from '../../../common/ledger';
import { useDates } from '../../lib/dates';
import { useTranslation } from '../../lib/translation';
import { useMoney } from './money-texts';

/**
 * Ledger rows as a table that scrolls sideways on a phone, its header row kept. Amounts carry the sign of
 * every ledger screen and export (`shownSign`: a purchase is money out too); a counter-row says what it undoes.
 */
export function LedgerTable({
  rows,
  withUser = false,
}: {
  rows: (LedgerRow | AdminLedgerRow)[];
  withUser?: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const { dateTime } = useDates();
  return (
    // The region scrolls sideways on a phone: keyboard users reach it (and scroll it) with Tab.
    <ScrollArea
      type="auto"
      offsetScrollbars
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('adminMoney.ledgerTable') }}
    >
      <Table striped highlightOnHover miw={withUser ? 820 : 640} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminMoney.column.date')}</Table.Th>
            {withUser && <Table.Th>{t('adminMoney.column.user')}</Table.Th>}
            <Table.Th>{t('adminMoney.column.type')}</Table.Th>
            <Table.Th>{t('adminMoney.column.status')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('adminMoney.column.amount')}</Table.Th>
            <Table.Th>{t('adminMoney.column.note')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const sign = shownSign(row);
            return (
              <Table.Tr key={row.id} data-testid="ledger-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(row.createdAt)}</Table.Td>
                {withUser && 'user' in row && (
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.user.email}</Table.Td>
                )}
                <Table.Td>{t(`earnings.types.${row.type}`)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color="gray" style={{ minWidth: 'max-content' }}>
                    {t(`earnings.statuses.${row.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {sign < 0 ? '−' : '+'}
                  {money(row.amountCents, row.currency)}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {row.reversesId ? t('adminMoney.counterRow') : ''} {row.reason ?? ''}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
