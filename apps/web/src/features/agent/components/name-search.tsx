import { SearchBar } from 'antd-mobile';
import { useState } from 'react';

/**
 * Search by part of an account name: applied on 搜索 (the keyboard's search key) and cleared with
 * the clear button; the list refetches only then, not on every keystroke.
 */
export function NameSearch(props: { value: string; onSearch(name: string): void; placeholder?: string }) {
  const [text, setText] = useState(props.value);
  return (
    <div className="agent-search">
      <SearchBar
        value={text}
        onChange={setText}
        placeholder={props.placeholder ?? '请输入会员账号'}
        maxLength={20}
        onSearch={(v) => props.onSearch(v.trim())}
        onClear={() => props.onSearch('')}
        showCancelButton={() => text.trim() !== props.value}
        cancelText="搜索"
        onCancel={() => props.onSearch(text.trim())}
      />
    </div>
  );
}
