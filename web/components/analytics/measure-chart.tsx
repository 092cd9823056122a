import { BarChart } from '@mantine/charts';
import { Card, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** One point of a measure's chart: its name on the axis, and its value. */
export interface ChartPoint {
  label: string;
  value: number;
}

/**
 * A measure over time: a bar chart for the eye and, behind it, the same figures as a table. Screen readers
 * always read the table (the chart is hidden from them); `asTable` shows it instead of the chart.
 */
export function MeasureChart({
  title,
  hint,
  points,
  asTable,
  whenLabel,
  format = (value) => value.toLocaleString(),
}: {
  title: string;
  hint: string;
  points: ChartPoint[];
  asTable: boolean;
  /** The table's first column: "Date". */
  whenLabel: string;
  format?: (value: number) => string;
}) {
  const table = (
    <FigureTable
      head={[whenLabel, title]}
      rows={points.map((point) => ({ key: point.label, name: point.label, figures: [format(point.value)] }))}
    />
  );
  return (
    <ChartCard title={title} hint={hint}>
      {asTable ? (
        table
      ) : (
        <>
          <div aria-hidden="true">
            <BarChart
              h={160}
              data={points}
              dataKey="label"
              series={[{ name: 'value', label: title, color: 'teal.7' }]}
              valueFormatter={format}
              tickLine="none"
              gridAxis="x"
              maxBarWidth={28}
              // The table below is what assistive technology reads: the drawing takes no focus.
              barChartProps={{ accessibilityLayer: false }}
              yAxisProps={axisOf(points)}
            />
          </div>
          <VisuallyHidden>{table}</VisuallyHidden>
        </>
      )}
    </ChartCard>
  );
}

/** A table of figures: a named row each (a day, a video, a country), then its numbers, right-aligned. */
export function FigureTable({
  head,
  rows,
}: {
  head: string[];
  rows: { key: string; name: ReactNode; figures: string[] }[];
}) {
  const [first, ...figures] = head;
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{first}</Table.Th>
          {figures.map((name) => (
            <Table.Th key={name} scope="col" ta="right">
              {name}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" fw={400}>
              {row.name}
            </Table.Th>
            {row.figures.map((figure, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's figures are its columns, in order
              <Table.Td key={index} ta="right">
                {figure}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The value axis: from 0 to the highest bar (1 when there is nothing), ticked at whole numbers only. */
function axisOf(points: ChartPoint[]) {
  const top = Math.max(1, ...points.map((point) => point.value));
  return { domain: [0, top], ticks: [...new Set([0, Math.round(top / 2), top])], width: 56 };
}

/** A titled card of the analytics page: a chart, a table or a list, with a line saying what it counts. */
export function ChartCard({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <div>
          <Title order={3} size="h5" id={titleId}>
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}
