import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';
import { alpha } from '@mui/material/styles';

type PaletteColor = 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info';

interface TagProps {
  label: ReactNode;
  size?: 'small' | 'medium';
  variant?: 'filled' | 'outlined';
  color?: 'default' | PaletteColor;
  icon?: ReactElement<{ className?: string; color?: string }>;
  sx?: Exclude<SxProps<Theme>, readonly unknown[]>;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * MUI's Chip as the public pages show it (a label, maybe an icon, in any palette colour; not clickable, not
 * deletable), rendered the same way (same elements, classes and styles) without Chip, which brings
 * ButtonBase's handling and the delete icon along: it was about 2 KiB of gzipped JavaScript on every page
 * (the footer has chips). Its parts keep MUI's class names, so `'& .MuiChip-icon'` in `sx` styles the icon
 * as with Chip.
 */
export function Tag({ label, size = 'medium', variant = 'filled', color = 'default', icon, sx, ...other }: TagProps) {
  const small = size === 'small';
  const outlined = variant === 'outlined';
  // As Chip: an icon without a colour of its own takes the chip's (grey on a default chip).
  const iconColored = isValidElement(icon) && Boolean(icon.props.color);
  return (
    <Box
      className="MuiChip-root"
      {...other}
      sx={[
        (theme) => {
          const palette = color === 'default' ? null : theme.palette[color];
          return {
            maxWidth: '100%',
            fontFamily: theme.typography.fontFamily,
            fontSize: theme.typography.pxToRem(13),
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            height: small ? 24 : 32,
            lineHeight: 1.5,
            color: palette ? (outlined ? palette.main : palette.contrastText) : theme.palette.text.primary,
            backgroundColor: outlined ? 'transparent' : palette ? palette.main : theme.palette.action.selected,
            borderRadius: '16px',
            whiteSpace: 'nowrap',
            cursor: 'unset',
            outline: 0,
            textDecoration: 'none',
            border: outlined ? `1px solid ${palette ? alpha(palette.main, 0.7) : theme.palette.grey[400]}` : 0,
            padding: 0,
            verticalAlign: 'middle',
            boxSizing: 'border-box',
            '& .MuiChip-icon': {
              marginLeft: `${small ? (outlined ? 2 : 4) : outlined ? 4 : 5}px`,
              marginRight: `${small ? -4 : -6}px`,
              ...(small && { fontSize: 18 }),
              ...(!iconColored && { color: palette ? 'inherit' : theme.palette.grey[700] }),
            },
            '& .MuiChip-label': {
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              paddingLeft: `${small ? (outlined ? 7 : 8) : outlined ? 11 : 12}px`,
              paddingRight: `${small ? (outlined ? 7 : 8) : outlined ? 11 : 12}px`,
              whiteSpace: 'nowrap',
            },
          };
        },
        sx ?? false,
      ]}
    >
      {icon && cloneElement(icon, { className: icon.props.className ? `MuiChip-icon ${icon.props.className}` : 'MuiChip-icon' })}
      <span className="MuiChip-label">{label}</span>
    </Box>
  );
}
