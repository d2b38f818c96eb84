import {
  AUDIT_ACTION_LABELS,
  AUDIT_AREA_LABELS,
  type AuditArea,
  type AuditFilter,
  CLI_COMMAND_LABELS,
} from '@lottery/contract/console/audit';
import { AutoComplete, Button, DatePicker, Flex, Form, Input, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { beijingInputToEpoch } from '../../shared/format';

interface FilterFields {
  actor?: string;
  action?: string;
  target?: string;
  time?: [Dayjs | null, Dayjs | null] | null;
}

/** What the picker shows, and the `datetime-local` shape beijingInputToEpoch reads. */
const TIME_FORMAT = 'YYYY-MM-DD HH:mm';
const epochOf = (time: Dayjs | null | undefined) =>
  time ? beijingInputToEpoch(time.format('YYYY-MM-DDTHH:mm')) : undefined;

const trimmed = (value: string | undefined) => value?.trim() || undefined;

/** The fields as the server's filter: empty fields left out, times read as Beijing time. */
function filterOf(fields: FilterFields): AuditFilter {
  return {
    actor: trimmed(fields.actor),
    action: trimmed(fields.action),
    target: trimmed(fields.target),
    from: epochOf(fields.time?.[0]),
    to: epochOf(fields.time?.[1]),
  };
}

interface ActionOption {
  value: string;
  words: string;
  title: string;
  /** What typing matches: the words and the code, lower case. */
  search: string;
}

const optionOf = (value: string, words: string): ActionOption => ({
  value,
  words,
  title: `${words} ${value}`,
  search: `${words} ${value}`.toLowerCase(),
});

/**
 * An option in the list: words above the code, so that both fit the field's width. (Not the
 * option's `label`: the field would show that in place of the typed text.)
 */
const renderOption = ({ data }: { data: Partial<ActionOption> }) =>
  data.words === undefined ? null : (
    <Flex vertical>
      <span>{data.words}</span>
      <Typography.Text type="secondary" className="console-mono">
        {data.value}
      </Typography.Text>
    </Flex>
  );

const actionsOf = (area: AuditArea | 'cli'): [string, string][] =>
  area === 'cli'
    ? Object.entries(CLI_COMMAND_LABELS).map(([command, words]) => [`cli.${command}`, words])
    : Object.entries(AUDIT_ACTION_LABELS).filter(([action]) => action.startsWith(`${area}.`));

/**
 * What 动作 offers, by area: the area as a prefix (`staff.`: every action of it), then each of its
 * actions in words and code. Typing matches either; a group whose name matches shows whole.
 */
const ACTION_OPTIONS = (Object.keys(AUDIT_AREA_LABELS) as (AuditArea | 'cli')[]).map((area) => {
  const words = AUDIT_AREA_LABELS[area];
  return {
    label: words,
    search: `${words} ${area}.`.toLowerCase(),
    options: [
      optionOf(`${area}.`, `全部${words}动作`),
      ...actionsOf(area).map(([action, label]) => optionOf(action, label)),
    ],
  };
});
const KNOWN = new Set(ACTION_OPTIONS.flatMap((group) => group.options.map((option) => option.value)));

/** An action typed out in full needs no suggestions (and their list would cover 查询). */
const matches = (input: string, option?: { search?: string }) =>
  !KNOWN.has(input.trim()) && option?.search?.includes(input.trim().toLowerCase()) === true;

/** 操作者, 动作, 对象 and a time range (Beijing time; antd's picker, so the format is the same in any browser). */
export function AuditFilterForm({ onApply }: { onApply: (filter: AuditFilter) => void }) {
  const [form] = Form.useForm<FilterFields>();
  return (
    <Form
      name="audit-filter"
      form={form}
      layout="inline"
      onFinish={(fields) => onApply(filterOf(fields))}
      className="console-filters"
    >
      <Form.Item label="操作者" name="actor">
        <Input placeholder="账号、staff:1 或 cli:root" allowClear className="console-filter-field" />
      </Form.Item>
      <Form.Item label="动作" name="action">
        <AutoComplete
          options={ACTION_OPTIONS}
          showSearch={{ filterOption: matches }}
          optionRender={renderOption}
          placeholder="staff.create 或 staff."
          allowClear
          // the width of .console-filter-field, which antd's own select style (written later) overrides
          style={{ width: 180 }}
        />
      </Form.Item>
      <Form.Item label="对象" name="target">
        <Input placeholder="staff:7" allowClear className="console-filter-field" />
      </Form.Item>
      <Form.Item label="时间（北京）" name="time" className="console-filter-time">
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format={TIME_FORMAT}
          allowEmpty={[true, true]}
          style={{ width: 340 }}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onApply({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
