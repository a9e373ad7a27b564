-- A pandoc filter (scripts/package.sh runs it on every statement and
-- solution): each table becomes a plain `tabular`, which every problem
-- template compiles. pandoc's own LaTeX table is a `longtable` with
-- `\real{...}` column widths, and neither problemtools' template nor
-- BAPCtools' loads the packages those need (longtable, calc, array).
--
-- Columns keep their alignment; a column that pandoc gives a relative width
-- (a Markdown table with a line longer than pandoc's 72 columns) becomes a
-- `p{...}` column of that share of the line, so long cells wrap. The header
-- rows are set in bold, above a rule.

local align = {
  AlignLeft = 'l',
  AlignRight = 'r',
  AlignCenter = 'c',
  AlignDefault = 'l',
}

local function raw(text)
  return pandoc.RawInline('latex', text)
end

-- The cells of `rows`, in order, as inlines: `&` between cells, `\\`
-- after each row; bold when `bold`.
local function add_rows(out, rows, bold)
  for _, row in ipairs(rows) do
    for index, cell in ipairs(row.cells) do
      if index > 1 then
        out:insert(raw(' & '))
      end
      local inlines = pandoc.utils.blocks_to_inlines(cell.contents)
      if bold then
        out:insert(pandoc.Strong(inlines))
      else
        out:extend(inlines)
      end
    end
    out:insert(raw(' \\\\\n'))
  end
end

function Table(tbl)
  local columns = {}
  for _, spec in ipairs(tbl.colspecs) do
    local alignment, width = spec[1], spec[2]
    if type(width) == 'number' and width > 0 then
      columns[#columns + 1] = string.format(
        'p{%.2f\\linewidth}', width * 0.9)
    else
      columns[#columns + 1] = align[alignment] or 'l'
    end
  end
  local out = pandoc.List({
    raw('\\begin{center}\n\\begin{tabular}{' .. table.concat(columns) .. '}\n\\hline\n'),
  })
  add_rows(out, tbl.head.rows, true)
  out:insert(raw('\\hline\n'))
  for _, body in ipairs(tbl.bodies) do
    add_rows(out, body.head, false)
    add_rows(out, body.body, false)
  end
  add_rows(out, tbl.foot.rows, false)
  out:insert(raw('\\hline\n\\end{tabular}\n\\end{center}'))
  return pandoc.Plain(out)
end
