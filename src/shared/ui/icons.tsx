import {
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  Menu,
  Pencil,
  Save,
  ThumbsDown,
  ThumbsUp,
  Timer,
  Trash2,
  TriangleAlert,
  X,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import './icons.css';

/**
 * The app's icons, drawn as SVG (issue 25 item 13): an emoji or symbol character is an empty box on a machine without
 * an emoji font, an SVG is drawn the same everywhere. Every icon of the app comes from here, so the set can change in
 * one place; src/ holds no glyph outside the scripts the fonts draw (tests/unit/no-symbol-glyphs.test.ts).
 */
export interface IconProps {
  /**
   * The icon's accessible name, when nothing around it names it (a bare icon in a cell). Without it the icon is
   * decoration, hidden from assistive technology: the button or link around it carries the name (its aria-label).
   */
  label?: string;
  /** Width and height in px; the default matches the body text. */
  size?: number;
  className?: string;
}

function icon(Glyph: LucideIcon, name: string) {
  function Icon({ label, size = 16, className }: IconProps) {
    const classes = ['icon', className].filter(Boolean).join(' ');
    return label ? (
      <Glyph size={size} className={classes} role="img" aria-label={label} focusable="false" />
    ) : (
      <Glyph size={size} className={classes} aria-hidden="true" focusable="false" />
    );
  }
  Icon.displayName = name;
  return Icon;
}

/** A row that shows more when opened (collapsed state). */
export const ExpandIcon = icon(ChevronRight, 'ExpandIcon');
/** A row that is open (expanded state). */
export const CollapseIcon = icon(ChevronDown, 'CollapseIcon');
export const PreviousIcon = icon(ChevronLeft, 'PreviousIcon');
export const NextIcon = icon(ChevronRight, 'NextIcon');
export const DeleteIcon = icon(Trash2, 'DeleteIcon');
export const EditIcon = icon(Pencil, 'EditIcon');
export const SaveIcon = icon(Save, 'SaveIcon');
export const CancelIcon = icon(X, 'CancelIcon');
export const ApproveIcon = icon(Check, 'ApproveIcon');
export const TimesIcon = icon(Timer, 'TimesIcon');
export const WarningIcon = icon(TriangleAlert, 'WarningIcon');
export const FastIcon = icon(Zap, 'FastIcon');
export const MenuIcon = icon(Menu, 'MenuIcon');
export const ThumbsUpIcon = icon(ThumbsUp, 'ThumbsUpIcon');
export const ThumbsDownIcon = icon(ThumbsDown, 'ThumbsDownIcon');

/** The open/closed chevron of an expandable row. */
export function ExpandedIcon({ open, ...props }: IconProps & { open: boolean }) {
  return open ? <CollapseIcon {...props} /> : <ExpandIcon {...props} />;
}
