import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export interface Bar {
  label: string;
  value: number;
}

/**
 * A horizontal bar chart drawn with boxes: each bar's length is its share of the largest value. It is a
 * list of label and value underneath, so screen readers read the numbers, not the picture.
 */
export function BarChart({
  title,
  bars,
  emptyText,
}: {
  title: string;
  bars: readonly Bar[];
  emptyText: string;
}) {
  const headingId = useId();
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <Box component="figure" aria-labelledby={headingId} sx={{ m: 0 }}>
      <Typography
        id={headingId}
        component="figcaption"
        variant="h2"
        sx={{ fontSize: '1.1rem', fontWeight: 500, mb: 1 }}
      >
        {title}
      </Typography>
      {bars.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {bars.map((bar) => (
            <Box
              component="li"
              key={bar.label}
              sx={{
                display: 'grid',
                gridTemplateColumns: 'minmax(120px, 30%) 1fr 3rem',
                gap: 1,
                alignItems: 'center',
                mb: 0.75,
              }}
            >
              <Typography variant="body2" noWrap title={bar.label}>
                {bar.label}
              </Typography>
              <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, height: 16 }} aria-hidden>
                <Box
                  sx={{
                    bgcolor: 'primary.main',
                    borderRadius: 1,
                    height: '100%',
                    width: `${(bar.value / max) * 100}%`,
                  }}
                />
              </Box>
              <Typography variant="body2" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {bar.value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
