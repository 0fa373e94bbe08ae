const {start,BASE}=require('./lib.cjs');
(async()=>{
 const {page,shot,done}=await start();
 await page.getByText('Option Trading',{exact:true}).click(); await page.waitForTimeout(1500);
 await page.getByRole('button',{name:/buy\/sell/i}).click(); await page.waitForTimeout(800);
 const d = page.getByRole('dialog');
 await d.getByText('AAPL',{exact:true}).first().click(); await page.waitForTimeout(500);
 await d.getByText('CALL',{exact:true}).click(); await page.waitForTimeout(2000);
 await d.locator('select').nth(0).selectOption({index:1}); await page.waitForTimeout(800);
 console.log(await d.locator('input,select').evaluateAll(es=>es.map(e=>`${e.tagName} ph=${e.placeholder} val=${e.value} dis=${e.disabled}`).join('\n')));
 const s=page.locator('input[placeholder=Strike]'); await s.click(); await page.waitForTimeout(600); await shot('35a-strike-click'); console.log(await d.locator('input').evaluateAll(es=>es.map(e=>e.placeholder+'='+e.value).join(' / '))); await page.keyboard.type('24'); await page.waitForTimeout(800);
 await shot('35-strike-typeahead');
 console.log(await page.locator('.bp6-popover, .bp6-menu, [role=listbox]').allInnerTexts());
 await done();
})();
